package authz

import rego.v1

# Deny by default
default allow := false

allow if {
    input.method == "GET"
    input.user.role == "admin"
}

allow if {
    some i
    input.path[i] == "public"
    count(input.path) < 3
}

#!/usr/bin/env tclsh
# Greet everyone
proc greet {name {greeting "Hello"}} {
    return "$greeting, $name!"
}

set names [list alice bob carol]
foreach n $names {
    puts [greet $n]
}
if {[llength $names] > 2} {
    puts "many: [expr {[llength $names] * 10}]"
}

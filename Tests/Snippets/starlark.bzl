# BUILD rules for the app
load("@rules_cc//cc:defs.bzl", "cc_binary", "cc_library")

cc_library(
    name = "render",
    srcs = glob(["src/*.c"]),
    hdrs = ["render.h"],
    visibility = ["//visibility:public"],
)

def app(name, deps = [], **kwargs):
    """Declares an app binary."""
    cc_binary(name = name, deps = deps + [":render"], linkstatic = True, **kwargs)

app("mdview", copts = ["-O2"])

const std = @import("std");

/// Adds two numbers.
fn add(a: i32, b: i32) i32 {
    return a + b;
}

pub fn main() !void {
    const stdout = std.io.getStdOut().writer();
    var sum: i32 = 0;
    for ([_]i32{ 1, 2, 3 }) |n| {
        sum = add(sum, n);
    }
    // Print the result
    try stdout.print("sum = {d}\n", .{sum});
    if (sum > 5) return error.TooBig;
}

; A function that adds two integers
@.str = private unnamed_addr constant [4 x i8] c"%d\0A\00"

define i32 @add(i32 %a, i32 %b) {
entry:
  %sum = add nsw i32 %a, %b
  ret i32 %sum
}

declare i32 @printf(ptr, ...)

define i32 @main() {
  %r = call i32 @add(i32 40, i32 2)
  %c = call i32 (ptr, ...) @printf(ptr @.str, i32 %r)
  ret i32 0
}

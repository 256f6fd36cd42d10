(module
  ;; Add two numbers
  (func $add (param $a i32) (param $b i32) (result i32)
    local.get $a
    local.get $b
    i32.add)
  (memory 1)
  (data (i32.const 0) "hello")
  (export "add" (func $add))
  (func $main
    (drop (call $add (i32.const 40) (i32.const 2)))))

; WebAssembly text, written for mdview: no registry package ships a WAT query at ABI 14.
[(comment_line) (comment_block)] @comment
(string) @string
[(nat) (int) (float) (dec_nat) (hex_nat) (dec_float) (hex_float) (nan)] @number
(identifier) @variable
(value_type) @type
(ref_type) @type
(escape_sequence) @escape
["module" "func" "param" "result" "local" "global" "memory" "table" "type" "import" "export" "start" "data"
 "elem" "mut" "block" "loop" "if" "then" "else" "end" "offset" "item" "declare" "ref" "null"] @keyword
(op_const) @function
(instr_plain) @function
(instr_call) @function
(expr1_plain) @function
["(" ")"] @punctuation.bracket

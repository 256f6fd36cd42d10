; Verilog and SystemVerilog, written for mdview: the registry packages' SystemVerilog query names the
; node types of another grammar.
(comment) @comment
[(double_quoted_string) (string_literal)] @string
[(integral_number) (decimal_number) (binary_number) (octal_number) (hex_number) (real_number)
 (fixed_point_number) (unsigned_number) (unbased_unsized_literal)] @number
(system_tf_identifier) @function.builtin
(function_identifier) @function
(module_keyword) @keyword
(always_keyword) @keyword
(net_type) @type
[(integer_atom_type) (integer_vector_type) (data_type)] @type
(text_macro_identifier) @constant.macro
(text_macro_usage) @constant.macro
(parameter_identifier) @constant
(port_identifier) @variable.parameter
(module_header (simple_identifier) @type)
(name_of_instance (instance_identifier) @variable)
(edge_identifier) @keyword
["module" "endmodule" "input" "output" "inout" "wire" "reg" "logic" "parameter" "localparam" "assign"
 "always" "always_ff" "always_comb" "always_latch" "initial" "begin" "end" "if" "else" "case" "casez" "casex"
 "endcase" "default" "for" "while" "repeat" "forever" "function" "endfunction" "task" "endtask" "generate"
 "endgenerate" "genvar" "posedge" "negedge" "or" "and" "not" "integer" "real" "typedef" "enum" "struct"
 "packed" "interface" "endinterface" "package" "endpackage" "import" "class" "endclass" "return"] @keyword
["=" "<=" "==" "!=" "+" "-" "*" "/" "&" "|" "^" "~" "!" "&&" "||" "<<" ">>" "?" ":"] @operator
["(" ")" "[" "]" "{" "}"] @punctuation.bracket
["," ";" "."] @punctuation.delimiter
"#" @punctuation.special
"@" @punctuation.special

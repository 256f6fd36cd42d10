; VHDL, written for mdview: the registry packages' VHDL query reports syntax errors and colours little.
(comment) @comment
[(string_literal) (bit_string_literal)] @string
(character_literal) @character
[(integer_decimal) (real_decimal) (based_integer) (based_real) (physical_literal)] @number
(type_mark) @type
(function_call) @function
(attribute_name) @attribute
(label) @label
(library_clause) @module
["library" "use" "entity" "architecture" "is" "of" "begin" "end" "port" "generic" "map" "signal" "variable"
 "constant" "type" "subtype" "process" "if" "then" "else" "elsif" "case" "when" "others" "for" "loop" "while"
 "generate" "function" "procedure" "return" "package" "body" "component" "in" "out" "inout" "buffer"
 "downto" "to" "all" "with" "select" "after" "wait" "until" "report" "severity" "assert" "range" "array"
 "record" "null" "open" "and" "or" "not" "xor" "nand" "nor" "xnor" "mod" "rem" "abs" "sll" "srl" "impure"
 "pure" "alias" "attribute" "configuration" "exit" "next" "file" "shared" "access" "new"] @keyword
["<=" ":=" "=>" "=" "/=" "<" ">" ">=" "+" "-" "*" "/" "**" "&"] @operator
["(" ")"] @punctuation.bracket
["," ";" ":" "."] @punctuation.delimiter

; HCL and Terraform, written for mdview: no registry package ships an HCL query at ABI 14.
(comment) @comment
(block (identifier) @keyword)
(block (string_lit) @type)
(attribute (identifier) @property)
(object_elem key: (expression (variable_expr (identifier) @property)))
(function_call (identifier) @function)
(get_attr (identifier) @property)
(variable_expr (identifier) @variable)
[(string_lit) (quoted_template)] @string
(heredoc_template) @string
[(heredoc_start) (heredoc_identifier)] @punctuation.delimiter
(template_interpolation) @embedded
[(template_interpolation_start) (template_interpolation_end)] @punctuation.special
(numeric_lit) @number
(bool_lit) @constant.builtin
(null_lit) @constant.builtin
["if" "else" "endif" "for" "endfor" "in"] @keyword
[(ellipsis) "?" "=>"] @punctuation.special
["=" "==" "!=" "<" ">" "<=" ">=" "&&" "||" "!" "+" "-" "*" "/" "%"] @operator
["(" ")" "[" "]" "{" "}"] @punctuation.bracket
["." "," ":"] @punctuation.delimiter

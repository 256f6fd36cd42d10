; KDL, written for mdview: the registry packages' KDL query is for a later grammar (KDL 2 fields).
[(single_line_comment) (multi_line_comment)] @comment
(node_comment) @comment
(node_field_comment) @comment
(node_children_comment) @comment
(node (identifier) @tag)
(prop (identifier) @property)
(type) @type
(annotation_type) @type
(string) @string
(escape) @string.escape
[(number) (decimal) (exponent)] @number
(boolean) @constant.builtin
(keyword) @constant.builtin
"=" @operator
["{" "}" "(" ")"] @punctuation.bracket
";" @punctuation.delimiter

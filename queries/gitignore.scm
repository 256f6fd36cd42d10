; gitignore patterns, written for mdview: the registry packages ship no gitignore query at ABI 14.
(comment) @comment
(negation) @operator
[(wildcard_char_single) (wildcard_chars) (wildcard_chars_allow_slash)] @escape
(directory_separator) @punctuation.delimiter
(bracket_expr) @string.special
[(pattern_char_escaped) (bracket_char_escaped) (directory_separator_escaped)] @escape

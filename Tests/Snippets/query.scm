; Highlight function definitions
(function_definition
  name: (identifier) @function)

((identifier) @constant
  (#match? @constant "^[A-Z][A-Z_]+$"))

[
  "def"
  "return"
] @keyword

(string) @string
(comment)* @comment

; Groovy (and Gradle scripts), written for mdview: the registry packages ship no query for this grammar.
[(line_comment) (block_comment) (shebang)] @comment
(string) @string
(escape_sequence) @escape
(number) @number
(command (unit (identifier) @function))
(func (identifier) @function)
(decorate) @attribute
(leading_key) @keyword
(operators) @operator
(generics_class) @type

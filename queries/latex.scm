; LaTeX, written for mdview: the registry packages ship no LaTeX query at ABI 14.
[(line_comment) (block_comment) (comment_environment)] @comment
(command_name) @function
[(begin) (end)] @keyword
(generic_environment (begin name: (curly_group_text (text) @type)))
(generic_environment (end name: (curly_group_text (text) @type)))
[(section) (subsection) (subsubsection) (chapter) (part) (paragraph) (subparagraph)] @markup.heading
(section text: (curly_group (text) @markup.heading))
[(inline_formula) (displayed_equation) (math_environment)] @string.special
[(label_definition) (label_reference) (citation)] @label
(curly_group_path) @string
(curly_group_uri) @string
(hyperlink) @markup.link
(key_value_pair key: (text) @property)
(new_command_definition) @keyword
(package_include) @keyword
(class_include) @keyword
(verbatim_environment) @string
(delimiter) @punctuation.delimiter
(placeholder) @variable
["[" "]" "{" "}"] @punctuation.bracket

; reStructuredText, written for mdview: no registry package ships an rST query at ABI 14.
(title) @markup.heading
(adornment) @punctuation.special
(comment) @comment
(directive name: (type) @function)
(directive) @keyword
(field_name) @property
(emphasis) @markup.italic
(strong) @markup.bold
(literal) @string
(literal_block) @string
(doctest_block) @string
(interpreted_text) @string.special
(role) @function
(reference) @markup.link
(standalone_hyperlink) @markup.link
(target) @label
(footnote_reference) @label
(citation_reference) @label
(substitution_reference) @constant
(bullet) @punctuation.special
(transition) @punctuation.special
(term) @property

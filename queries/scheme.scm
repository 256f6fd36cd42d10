; Scheme (and other Lisps without a grammar of their own), written for mdview: the registry packages'
; Scheme query names node types of a later grammar.
[(comment) (block_comment) (directive)] @comment
(string) @string
(escape_sequence) @string.escape
(character) @character
(number) @number
(boolean) @constant.builtin
(keyword) @constant
(quote "'" @operator)
(quote (symbol) @constant)
(quasiquote "`" @operator)
(unquote "," @operator)
(unquote_splicing ",@" @operator)
(list . (symbol) @function)
((list . (symbol) @keyword)
  (#any-of? @keyword
    "define" "lambda" "let" "let*" "letrec" "letrec*" "if" "cond" "case" "else" "when" "unless" "begin" "do"
    "set!" "quote" "quasiquote" "define-syntax" "syntax-rules" "let-values" "define-record-type" "and" "or"
    "delay" "guard" "import" "library" "export" "define-module" "use-modules" "defun" "defmacro" "defvar"
    "setq" "progn" "loop"))
(list (symbol) @variable)
["(" ")" "[" "]" "{" "}" "#(" "#u8("] @punctuation.bracket

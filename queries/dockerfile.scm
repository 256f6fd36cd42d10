;; mdview's highlight query for the Dockerfile grammar of tree-sitter-languages 1.10.2 (no query ships
;; with it).

(comment) @comment

[
  "FROM" "AS" "RUN" "CMD" "LABEL" "EXPOSE" "ENV" "ADD" "COPY" "ENTRYPOINT" "VOLUME" "USER" "WORKDIR"
  "ARG" "ONBUILD" "STOPSIGNAL" "HEALTHCHECK" "SHELL" "MAINTAINER" "CROSS_BUILD"
] @keyword

(image_spec (image_name) @type)
(image_spec (image_tag) @string.special)
(image_spec (image_digest) @string.special)
(image_alias) @label

[(double_quoted_string) (single_quoted_string) (json_string)] @string
(escape_sequence) @escape
(expansion) @variable
(expansion ["$" "{" "}"] @punctuation.special)

(env_pair name: (unquoted_string) @property)
(label_pair key: (unquoted_string) @property)
(arg_instruction name: (unquoted_string) @variable.parameter)
(param) @attribute
(expose_port) @number

["=" "\\"] @operator
["[" "]" ","] @punctuation.delimiter

;; mdview's TypeScript additions, placed before tree-sitter-javascript's highlights.scm (the pinned
;; tree-sitter-typescript sdist ships no query). Earlier patterns win.

[
  "abstract" "declare" "enum" "export" "implements" "interface" "keyof" "namespace" "private"
  "protected" "public" "readonly" "type" "override" "satisfies" "module" "infer" "is" "asserts"
  "unique" "global" "accessor"
] @keyword

(type_identifier) @type
(predefined_type) @type.builtin
(type_parameter name: (type_identifier) @type.parameter)

(interface_declaration name: (type_identifier) @type)
(type_alias_declaration name: (type_identifier) @type)
(enum_declaration name: (identifier) @type)
(class_declaration name: (type_identifier) @type)
(abstract_class_declaration name: (type_identifier) @type)

(method_signature name: (property_identifier) @function.method)
(abstract_method_signature name: (property_identifier) @function.method)
(function_signature name: (identifier) @function)

(required_parameter pattern: (identifier) @variable.parameter)
(optional_parameter pattern: (identifier) @variable.parameter)
(property_signature name: (property_identifier) @property)
(public_field_definition name: (property_identifier) @property)

(accessibility_modifier) @keyword
(decorator "@" @attribute (identifier) @attribute)
(decorator "@" @attribute (call_expression function: (identifier) @attribute))

["?." "!" "?" ":" "=>" "|" "&"] @operator
(type_arguments ["<" ">"] @punctuation.bracket)
(type_parameters ["<" ">"] @punctuation.bracket)

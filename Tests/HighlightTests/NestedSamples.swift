/// Blocks that are one long item, per language: `head`, then `item` many times, then `tail`. Each item
/// is a few lines, with what later lines attach to (comments, decorators, strings over lines). Each is
/// cut while open: its open block is parsed closed (`OpenBrackets`), Ruby's, Lua's and the shell's by
/// words (`BlockKeywords`), HTML by end tags (`OpenTags`), TSX's JSX by end tags too (`OpenJSX`), and SQL's rows before their trailing `,`, and JSON with a value where a `,` or `:`
/// leaves one missing.
let nestedSamples: [String: (head: String, item: String, tail: String)] = [
    "python": (
        "class Service:\n    \"\"\"A service.\"\"\"\n\n",
        "    # a comment\n    @property\n    def value(self, a=1):\n        text = \"\"\"one\n    def not_code(): pass\n\"\"\"\n        return a  # done\n\n",
        "    x = 1\n"
    ),
    "c": (
        "int main(void) {\n",
        "    int a = 1; /* note\n    int hidden = 2; */\n    if (a) { a++; }\n    else { a--; }\n",
        "    return 0;\n}\n"
    ),
    "javascript": (
        "class Widget {\n",
        "  // method\n  render(a, b) {\n    const s = `tpl ${a}\n  still`;\n    return a + b;\n  }\n",
        "}\n"
    ),
    "rust": (
        "impl Widget {\n",
        "    /// Doc.\n    pub fn value(&self, a: u32) -> u32 {\n        let s = \"two\n lines\";\n        a + 1\n    }\n",
        "}\n"
    ),
    "go": (
        "func main() {\n",
        "\tx := 1 // note\n\tif x > 0 {\n\t\tfmt.Println(`raw\nstring`)\n\t}\n",
        "}\n"
    ),
    "ruby": (
        "class Widget\n",
        "  # note\n  def value(a)\n    s = \"two\n lines\"\n    a + 1 if a\n    [a].each do |b|\n      b.end\n    end\n  end\n",
        "end\n"
    ),
    "lua": (
        "function main()\n",
        "  -- note: if\n  if x == 1 then\n    print(\"two (\") -- end\n  end\n  local f = function(y) return y end\n",
        "end\n"
    ),
    "kotlin": (
        "class Widget {\n",
        "  // note\n  fun value(a: Int): Int {\n    val s = \"two {\"\n    return a + 1\n  }\n",
        "}\n"
    ),
    "c_sharp": (
        "class Widget {\n",
        "  /* note */\n  public int Value(int a) {\n    var s = \"two {\";\n    return a + 1;\n  }\n",
        "}\n"
    ),
    "bash": (
        "main() {\n",
        "  # note: fi\n  if [ \"$x\" = 1 ]; then\n    echo \"a (b\" done\n  fi\n  for f in *; do echo \"$f\"; done\n",
        "}\n"
    ),
    "java": (
        "class Widget {\n",
        "    /* block\n       comment */\n    @Override\n    public int value(int a) {\n        return a + 1;\n    }\n",
        "}\n"
    ),
    "json": (
        "[\n",
        "  {\"id\": 1, \"name\": \"item\", \"ok\": true},\n  [1, 2,\n   3],\n",
        "  null\n]\n"
    ),
    "yaml": (
        "services:\n",
        "  web:\n    image: \"nginx\"  # note\n    ports:\n      - 80\n",
        "  last: true\n"
    ),
    "html": (
        "<ul>\n",
        "  <li class=\"item\">one <b>bold</b></li>\n  <!-- a\n  comment -->\n",
        "</ul>\n"
    ),
    "sql": (
        "INSERT INTO items (id, name) VALUES\n",
        "  (1, 'it''s (one)'), -- note, with a comma\n  (2, 'two\n  lines') /* block, comment */ ,\n",
        "  (0, 'last');\n"
    ),
    "tsx": (
        "export function List({ items }: Props) {\n  return (\n    <ul>\n",
        "      {/* it's a note */}\n      <li key={1} className=\"item\">\n        it's {a < b ? <b>one</b> : <br />}\n      </li>\n",
        "    </ul>\n  );\n}\n"
    ),
]

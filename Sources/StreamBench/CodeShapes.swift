/// A code block of about `count` lines in one of the shapes `codeBench` measures, with its language.
func codeSample(_ shape: String, lines count: Int) -> (language: String, code: String)? {
    var code = ""
    switch shape {
    case "functions":
        for index in 0..<(count + 1) / 2 {
            code += "def f\(index)(x):\n    return x * \(index) + len(\"s\(index)\")  # note\n"
        }
        return ("python", code)
    case "class":
        code = "class Service:\n"
        for index in 0..<count / 2 {
            code += "    def f\(index)(self, x):\n        return x * \(index) + len(\"s\(index)\")  # note\n"
        }
        return ("python", code)
    case "c":
        code = "int main(void) {\n"
        for index in 0..<count - 2 { code += "    total += f(\(index), \"s\(index)\");  /* note */\n" }
        return ("c", code + "}\n")
    case "js":
        code = "class Service {\n"
        for index in 0..<(count - 2) / 4 {
            code +=
                "  f\(index)(x) {\n    const s = \"s\(index)\";\n    return x * \(index) + s.length;  // note\n  }\n"
        }
        return ("javascript", code + "}\n")
    case "json":
        code = "[\n"
        for index in 0..<count - 2 { code += "  {\"id\": \(index), \"name\": \"item \(index)\"},\n" }
        return ("json", code + "  null\n]\n")
    default:
        // Further shapes for a sweep (`code LINES SHAPE`): a container of items in other languages.
        let shapes: [String: (language: String, head: String, item: (Int) -> String, tail: String)] = [
            "ruby": (
                "ruby", "class Service\n", { "  def f\($0)(x)\n    x * \($0) + \"s\($0)\".size # note\n  end\n" },
                "end\n"
            ),
            "html": (
                "html", "<div class=\"list\">\n", { "  <p id=\"p\($0)\">Item <b>\($0)</b> <!-- note --></p>\n" },
                "</div>\n"
            ),
            "java": (
                "java", "class Service {\n",
                { "  int f\($0)(int x) {\n    return x * \($0) + \"s\($0)\".length(); // note\n  }\n" }, "}\n"
            ),
            "rust": (
                "rust", "impl Service {\n",
                { "    fn f\($0)(x: u32) -> u32 {\n        x * \($0) + \"s\($0)\".len() as u32 // note\n    }\n" },
                "}\n"
            ),
            "go": ("go", "func main() {\n", { "\ttotal += f(\($0), \"s\($0)\") // note\n" }, "}\n"),
            "yaml": ("yaml", "items:\n", { "  - id: \($0)\n    name: \"item \($0)\" # note\n" }, ""),
            "bash": (
                "bash", "main() {\n", { "  if [ \"$x\" = \"s\($0)\" ]; then\n    echo \"item \($0)\" # note\n  fi\n" },
                "}\n"
            ),
            "css": (
                "css", "@media screen {\n",
                { "  .item\($0) { color: #\(100 + $0 % 800); margin: \($0)px; } /* note */\n" }, "}\n"
            ),
            "lua": (
                "lua", "function main()\n", { "  if x == \($0) then\n    print(\"s\($0)\") -- note\n  end\n" }, "end\n"
            ),
            "php": (
                "php", "<?php\nclass Service {\n",
                { "  function f\($0)($x) {\n    return $x * \($0) . \"s\($0)\"; // note\n  }\n" }, "}\n"
            ),
            "jsonpretty": (
                "json", "[\n",
                { "  {\n    \"id\": \($0),\n    \"name\": \"item \($0)\",\n    \"tags\": [\"a\", \"b\"]\n  },\n" },
                "  null\n]\n"
            ),
            "sql": (
                "sql", "CREATE TABLE items (\n", { "  col\($0) INTEGER NOT NULL DEFAULT \($0), -- note\n" },
                "  last INTEGER\n);\n"
            ),
            "sqlvalues": (
                "sql", "INSERT INTO items (id, name) VALUES\n", { "  (\($0), 'item \($0)'), -- note\n" },
                "  (0, 'last');\n"
            ),
            "sqlinserts": (
                "sql", "", { "INSERT INTO items (id, name) VALUES (\($0), 'item \($0)'); -- note\n" }, ""
            ),
            "cpp": (
                "cpp", "class Service {\npublic:\n",
                { "  int f\($0)(int x) const {\n    return x * \($0) + std::string(\"s\").size(); // note\n  }\n" },
                "};\n"
            ),
            "csharp": (
                "c_sharp", "class Service {\n",
                { "  public int F\($0)(int x) {\n    return x * \($0) + \"s\".Length; // note\n  }\n" }, "}\n"
            ),
            "kotlin": (
                "kotlin", "class Service {\n",
                { "  fun f\($0)(x: Int): Int {\n    return x * \($0) + \"s\".length // note\n  }\n" }, "}\n"
            ),
            "swift": (
                "swift", "struct Service {\n",
                { "  func f\($0)(_ x: Int) -> Int {\n    x * \($0) + \"s\".count // note\n  }\n" }, "}\n"
            ),
            "scala": (
                "scala", "object Service {\n",
                { "  def f\($0)(x: Int): Int =\n    x * \($0) + \"s\".length // note\n" },
                "}\n"
            ),
            "pydict": ("python", "DATA = {\n", { "    \"key\($0)\": [\($0), \"item \($0)\"],  # note\n" }, "}\n"),
            "dockerfile": ("dockerfile", "FROM debian:12\n", { "RUN echo \"step \($0)\" && true  # note\n" }, ""),
            "make": ("make", "", { "target\($0): dep\($0).c\n\t$(CC) -o $@ $< # note\n" }, ""),
            "tsx": (
                "tsx", "export function List() {\n  return (\n    <ul>\n",
                { "      <li key={\($0)} className=\"item\">Item {\($0)}</li>\n" }, "    </ul>\n  );\n}\n"
            ),
            "tsxpage": (
                "tsx",
                "export function Page() {\n  return (\n    <Layout>\n      <nav>\n        <ul className=\"menu\">\n",
                { "          <li key={\($0)}>\n            <a href=\"/p\($0)\">Page {\($0)}</a>\n          </li>\n" },
                "        </ul>\n      </nav>\n    </Layout>\n  );\n}\n"
            ),
            "haskell": (
                "haskell", "module Main where\n", { "f\($0) :: Int -> Int\nf\($0) x = x * \($0) -- note\n" }, ""
            ),
            "bashcase": (
                "bash", "case \"$1\" in\n", { "  start\($0))\n    echo \"item \($0)\" # note\n    ;;\n" }, "esac\n"
            ),
            "rubyheredoc": ("ruby", "TEXT = <<~EOS\n", { "  line \($0) of a long text, #{\($0)} here\n" }, "EOS\n"),
            "bashheredoc": ("bash", "cat <<EOF\n", { "line \($0) of a long text, $x here\n" }, "EOF\n"),
            "pystring": ("python", "TEXT = \"\"\"\n", { "line \($0) of a long text, {x} here\n" }, "\"\"\"\n"),
            "jsregex": (
                "javascript", "class Service {\n",
                { "  f\($0)(x) {\n    return /[(\"']/.test(x) + \($0);  // note\n  }\n" }, "}\n"
            ),
            "rustraw": (
                "rust", "fn main() {\n", { "    let s\($0) = r#\"a \"quoted\" {brace\"#; // note\n" }, "}\n"
            ),
            "jstemplate": ("javascript", "const text = `\n", { "line \($0) of a long text, ${x} here\n" }, "`;\n"),
            "ccomment": ("c", "/*\n", { " * line \($0) of a long comment: if (x) { return 1; }\n" }, " */\n"),
            "toml": ("toml", "", { "[item\($0)]\nname = \"item \($0)\" # note\n" }, ""),
            "typescript": (
                "typescript", "class Service {\n",
                { "  f\($0)(x: number): number {\n    return x * \($0) + \"s\($0)\".length; // note\n  }\n" }, "}\n"
            ),
        ]
        guard let found = shapes[shape] else { return nil }
        code = found.head
        var index = 0
        var lines = found.head.utf8.count { $0 == 0x0A }
        while lines < count - 1 {
            let item = found.item(index)
            code += item
            lines += item.utf8.count { $0 == 0x0A }
            index += 1
        }
        return (found.language, code + found.tail)
    }
}

import MarkdownCore
import Testing

@testable import Highlight

/// `nginx` and `ssh_config` blocks are coloured by mdview's own scanners: no grammar for either loads
/// with libtree-sitter, and both are configuration files of keywords and values.
@Suite struct ConfigFileHighlightingTests {
    /// Each token of `code` in `language` as (its text, its capture), in order.
    func tokens(_ code: String, language: String) throws -> [(String, String)] {
        let found = try #require(
            TreeSitterHighlighter(searchPath: GrammarSearchPath(entries: [])).tokens(
                for: code, language: language))
        let bytes = Array(code.utf8)
        return found.map { (String(decoding: bytes[$0.range], as: UTF8.self), $0.capture) }
    }

    /// The capture of the token whose text is `text`, nil when no token has that text.
    func capture(of text: String, in tokens: [(String, String)]) -> String? {
        tokens.first { $0.0 == text }?.1
    }

    @Test func nginxDirectivesAreKeywordsAndStatementsEndAtSemicolonsAndBraces() throws {
        let found = try tokens("server {\n    listen 80;\n    gzip on;\n}\nevents {}\n", language: "nginx")
        #expect(found.filter { $0.1 == "keyword" }.map(\.0) == ["server", "listen", "gzip", "events"])
        #expect(capture(of: "80", in: found) == "number")
        #expect(capture(of: "on", in: found) == "constant.builtin")
        #expect(capture(of: ";", in: found) == "punctuation.delimiter")
        #expect(capture(of: "{", in: found) == "punctuation.bracket")
    }

    @Test func nginxVariablesAreColouredInWordsAndInStrings() throws {
        let found = try tokens(
            "return 301 https://$host${request_uri};\nadd_header X-Id \"id=$request_id\";\n", language: "nginx")
        #expect(capture(of: "$host", in: found) == "variable.builtin")
        #expect(capture(of: "${request_uri}", in: found) == "variable.builtin")
        #expect(capture(of: "$request_id", in: found) == "variable.builtin")
        #expect(capture(of: "\"id=", in: found) == "string")
        // The braces of `${…}` belong to the variable, not to a block.
        #expect(!found.contains { $0.1 == "punctuation.bracket" })
    }

    @Test func nginxCommentStartsOnlyAtTheStartOfAWord() throws {
        let found = try tokens("return 302 /page#top; # jump\n", language: "nginx")
        #expect(found.filter { $0.1 == "comment" }.map(\.0) == ["# jump"])
    }

    @Test func nginxLocationMatchOperatorIsFollowedByARegularExpression() throws {
        let found = try tokens("location ~* \\.(png|jpg)$ {\n    expires 30d;\n}\n", language: "nginx")
        #expect(capture(of: "~*", in: found) == "operator")
        #expect(capture(of: "\\.(png|jpg)$", in: found) == "string.regex")
        #expect(capture(of: "30d", in: found) == "number")
    }

    @Test func nginxIfConditionHasParenthesesAndAnOperator() throws {
        let found = try tokens("if ($request_method = POST) {\n    return 405;\n}\n", language: "nginx")
        #expect(
            found.prefix(5).map(\.1) == [
                "keyword", "punctuation.bracket", "variable.builtin", "operator", "punctuation.bracket",
            ])
    }

    @Test func sshConfigHostOpensASectionOfPatterns() throws {
        let found = try tokens("Host web-* !web-test\n    HostName 10.0.0.5\n", language: "ssh_config")
        #expect(found.map(\.1) == ["keyword", "type", "operator", "type", "property"])
    }

    @Test func sshConfigValuesAreConstantsNumbersStringsAndTokens() throws {
        let found = try tokens(
            "ForwardAgent yes\nPort 2222\nControlPersist 10m\nUser \"${USER}\"\nControlPath ~/.ssh/%r@%h:%p\n",
            language: "sshconfig")
        #expect(capture(of: "yes", in: found) == "constant.builtin")
        #expect(capture(of: "2222", in: found) == "number")
        #expect(capture(of: "10m", in: found) == "number")
        #expect(capture(of: "\"${USER}\"", in: found) == "string")
        #expect(found.filter { $0.1 == "escape" }.map(\.0) == ["%r", "%h", "%p"])
    }

    @Test func sshConfigMatchCriteriaTakeTheirPatterns() throws {
        let found = try tokens("Match host *.internal !localuser root all\n", language: "ssh-config")
        #expect(found.map(\.1) == ["keyword", "attribute", "type", "operator", "attribute", "type", "attribute"])
    }

    @Test func sshConfigKeywordMayBeFollowedByAnEqualsSign() throws {
        let found = try tokens("Port=22\nUser = deploy\n", language: "ssh_config")
        #expect(found.map(\.0) == ["Port", "=", "22", "User", "="])
        #expect(capture(of: "=", in: found) == "operator")
    }

    @Test func sshConfigCommentIsAWholeLineStartingWithAHash() throws {
        let found = try tokens("  # proxies\nProxyCommand nc %h 22\n", language: "ssh_config")
        #expect(found.first?.0 == "# proxies" && found.first?.1 == "comment")
        #expect(found.filter { $0.1 == "comment" }.count == 1)
    }
}

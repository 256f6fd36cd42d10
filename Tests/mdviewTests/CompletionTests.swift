import TestSupport
import Testing

/// Shell completions (`make install` writes them from these same commands).
@Suite struct CompletionTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func theCompletionScriptNamesTheFlags(shell: String) throws {
        let result = try MDViewProcess.run(["--no-config", "--generate-completion-script", shell])
        #expect(result.status == 0)
        for flag in ["pager", "theme", "no-config", "timings", "width", "images"] {
            #expect(result.output.contains(flag), "the \(shell) script lacks --\(flag)")
        }
    }

    @Test func bashLoadsTheScriptAndCompletesMDView() throws {
        let result = try MDViewProcess.shell(
            "source <(\"$MDVIEW\" --generate-completion-script bash) && complete -p mdview", shell: "/bin/bash")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output == "complete -o filenames -F _mdview mdview\n")
    }

    @Test func bashCompletesThePagerChoices() throws {
        let script = """
            source <("$MDVIEW" --generate-completion-script bash)
            COMP_WORDS=(mdview --pager ''); COMP_CWORD=2; COMP_LINE='mdview --pager '; COMP_POINT=${#COMP_LINE}
            _mdview mdview '' --pager; echo "${COMPREPLY[*]}"
            """
        let result = try MDViewProcess.shell(script, shell: "/bin/bash")
        #expect(result.output == "auto always never\n", "\(result.stderr)")
    }
}

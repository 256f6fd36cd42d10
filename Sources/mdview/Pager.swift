import ArgumentParser
import FoundationEssentials
import Glibc

/// `--pager`: when output goes through a pager.
enum PagerMode: String, CaseIterable, ExpressibleByArgument {
    /// When standard output is a terminal and the output is taller than it.
    case auto
    /// Whenever there is output (also into a pipe or file).
    case always
    case never
}

/// Shows output through the user's pager, as bat and git do: `$MDVIEW_PAGER`, else `$PAGER`, else
/// `less -R`, run by `/bin/sh -c` with `LESS=FRX` (quit if one screen, raw colours, no screen clear)
/// and `LESSCHARSET=utf-8` unless the user set them.
///
/// It exists so that long documents can be read from the top; a pager that cannot start is no reason
/// to lose the document, so the caller writes it directly instead.
struct Pager {
    /// The shell command line that runs the pager.
    var command: String
    /// Variables added to the pager's environment.
    var extraEnvironment: [String: String]

    /// The pager could not be started or run: the output was not shown, and why.
    struct CannotStart: Error, Equatable {
        var reason: String
    }

    /// The pager for `environment`. `$PAGER` naming `more` or `most` (which show colour codes as
    /// text) gets `less` instead, and a `less` from `$PAGER` gets `-R`; `$MDVIEW_PAGER` is used as
    /// written.
    init(environment: [String: String]) {
        var command = "less -R"
        if let own = environment["MDVIEW_PAGER"], !own.allSatisfy(\.isWhitespace) {
            command = own
        } else if let pager = environment["PAGER"], !pager.allSatisfy(\.isWhitespace) {
            let program = Self.program(of: pager).split(separator: "/").last.map(String.init) ?? ""
            if program == "less" {
                command = pager + " -R"
            } else if program != "more" && program != "most" {
                command = pager
            }
        }
        self.command = command
        var extra: [String: String] = [:]
        if environment["LESS"] == nil { extra["LESS"] = "FRX" }
        if environment["LESSCHARSET"] == nil { extra["LESSCHARSET"] = "utf-8" }
        self.extraEnvironment = extra
    }

    /// The first word of a command line: the program it runs.
    static func program(of command: String) -> String {
        String(command.drop(while: \.isWhitespace).prefix { !$0.isWhitespace })
    }

    /// Words the shell runs itself (special built-ins, keywords, an assignment): no file to look for.
    static let shellWords: Set<String> = [
        ":", ".", "exit", "exec", "eval", "command", "cd", "set", "unset", "export", "readonly", "shift", "trap",
        "true", "false", "times", "return", "break", "continue", "wait", "read", "printf", "echo", "test", "[",
        "if", "case", "for", "while", "until", "{", "!", "(",
    ]

    /// Whether `program` names something that can be run: a path to an executable, a name found on
    /// `$PATH`, or a word `/bin/sh` runs itself. Checked before starting, so a missing pager is reported
    /// as that.
    static func canRun(_ program: String, path: String?) -> Bool {
        if program.isEmpty { return false }
        if shellWords.contains(program) || program.first == "(" || program.contains("=") { return true }
        if program.contains("/") { return access(program, X_OK) == 0 }
        for directory in (path ?? "/usr/bin:/bin").split(separator: ":") {
            if access("\(directory)/\(program)", X_OK) == 0 { return true }
        }
        return false
    }

    /// Writes `bytes` through the pager and waits for it to exit. The pager quitting before reading
    /// everything (the user pressed `q`) is a normal end.
    ///
    /// While the pager runs, `SIGINT` and `SIGQUIT` are ignored: Ctrl-C in `less` must not kill mdview
    /// and leave the pager reading a terminal the shell has taken back.
    func page(_ bytes: [UInt8], environment: [String: String]) throws(CannotStart) {
        let program = Self.program(of: command)
        guard Self.canRun(program, path: environment["PATH"]) else {
            throw CannotStart(reason: "\(program): not found")
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw CannotStart(reason: String(cString: strerror(errno))) }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, 0)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        let arguments = ["/bin/sh", "-c", command]
        let argv = arguments.map { strdup($0) } + [nil]
        let variables = environment.merging(extraEnvironment) { $1 }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        signal(SIGINT, SIG_IGN)
        signal(SIGQUIT, SIG_IGN)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        close(readEnd)
        guard spawned == 0 else {
            close(writeEnd)
            throw CannotStart(reason: String(cString: strerror(spawned)))
        }
        let pagerInput = OutputStream(descriptor: writeEnd)
        do {
            try pagerInput.write(bytes)
        } catch {
            // .closed: the pager quit early, a normal end. Anything else: nothing more can be shown.
        }
        close(writeEnd)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7f) == 0
        let code = (status >> 8) & 0xff
        // The shell's "command not found" / "not executable": nothing was shown.
        if exited && (code == 127 || code == 126) { throw CannotStart(reason: "'\(command)' could not be run") }
    }
}

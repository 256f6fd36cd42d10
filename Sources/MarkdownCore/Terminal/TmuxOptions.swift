#if canImport(Glibc)
    import Glibc
#endif

/// Asks the tmux server mdview runs under about its options, by running `tmux show -gv <option>`.
///
/// Only image detection inside tmux (`$TMUX` set) calls it, once, for a document with images: whether
/// `allow-passthrough` lets kitty and iTerm2 graphics through to the outer terminal.
public enum TmuxOptions {
    /// Whether tmux passes wrapped escape sequences on (`allow-passthrough` is `on` or `all`); false when
    /// tmux cannot be asked or does not answer within a second. `environment` is the process's (its
    /// `TMUX` names the server, its `PATH` finds `tmux`).
    public static func allowsPassthrough(environment: [String: String]) -> Bool {
        guard let value = globalOption("allow-passthrough", environment: environment) else { return false }
        return value == "on" || value == "all"
    }

    /// The value of a global tmux option, or nil.
    static func globalOption(_ name: String, environment: [String: String]) -> String? {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)  // dup2 in the child clears it on the copy
        defer { close(pipeEnds[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = ["tmux", "show", "-gv", name]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        // posix_spawnp looks `tmux` up in this process's PATH.
        let spawned = posix_spawnp(&pid, "tmux", &actions, nil, argv, envp)
        close(pipeEnds[1])
        guard spawned == 0 else { return nil }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        var waiting = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
        while output.count < 4096, poll(&waiting, 1, 1000) > 0,
            let count = try? FileReader.readSome(fd: pipeEnds[0], name: "tmux", into: &chunk), count > 0
        {
            output += chunk[0..<count]
        }
        kill(pid, SIGKILL)  // harmless when it has exited; ends a tmux that hangs
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = String(decoding: output, as: UTF8.self)
        return text.split(whereSeparator: { $0 == "\n" || $0 == " " }).first.map(String.init)
    }
}

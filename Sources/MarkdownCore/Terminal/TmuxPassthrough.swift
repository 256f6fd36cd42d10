/// Wraps an escape sequence so tmux hands it to the terminal it runs in rather than interpreting it:
/// `ESC P tmux ; <the sequence, every ESC doubled> ESC \`. Graphics protocols tmux does not speak itself
/// (kitty graphics, iTerm2 inline images) reach the outer terminal only this way, and only when tmux's
/// `allow-passthrough` option is on.
public enum TmuxPassthrough {
    public static func wrap(_ sequence: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1B, 0x50] + Array("tmux;".utf8)
        out.reserveCapacity(sequence.count + 16)
        for byte in sequence {
            if byte == 0x1B { out.append(0x1B) }
            out.append(byte)
        }
        out += [0x1B, 0x5C]
        return out
    }
}

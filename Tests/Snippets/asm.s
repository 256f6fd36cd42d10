; Print a message (x86-64, Linux)
section .data
msg:    db "Hello, world", 10
len:    equ $ - msg

section .text
global _start
_start:
    mov rax, 1          ; write
    mov rdi, 1
    lea rsi, [rel msg]
    mov rdx, len
    syscall
    mov rax, 60         ; exit
    xor rdi, rdi
    syscall

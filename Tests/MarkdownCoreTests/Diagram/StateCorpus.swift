/// State diagrams in the styles READMEs and generated answers use: order lifecycles, connections,
/// traffic lights, documents under review.
enum StateCorpus {
    static let diagrams: [(name: String, source: String)] = [
        (
            "order lifecycle",
            """
            stateDiagram-v2
                [*] --> Pending
                state "Awaiting payment" as Pending
                Pending --> Paid : payment received
                Pending --> Cancelled : timeout
                Paid --> Shipped : ship
                Shipped --> Delivered
                Delivered --> [*]
                Cancelled --> [*]
            """
        ),
        (
            "tcp-ish",
            """
            stateDiagram-v2
                [*] --> CLOSED
                CLOSED --> LISTEN : passive open
                CLOSED --> SYN_SENT : active open
                LISTEN --> SYN_RCVD : SYN
                SYN_SENT --> ESTABLISHED : SYN+ACK
                SYN_RCVD --> ESTABLISHED : ACK
                ESTABLISHED --> FIN_WAIT : close
                FIN_WAIT --> CLOSED : timeout
            """
        ),
        (
            "traffic light",
            """
            stateDiagram
                [*] --> Red
                Red --> Green : 60 s
                Green --> Yellow : 45 s
                Yellow --> Red : 5 s
            """
        ),
        (
            "review with a choice",
            """
            stateDiagram-v2
                [*] --> Draft
                Draft --> Review : submit
                state decision <<choice>>
                Review --> decision
                decision --> Published : approved
                decision --> Draft : changes requested
                Published --> [*]
            """
        ),
        (
            "fork and join",
            """
            stateDiagram-v2
                state fork_state <<fork>>
                state join_state <<join>>
                [*] --> fork_state
                fork_state --> Build
                fork_state --> Test
                Build --> join_state
                Test --> join_state
                join_state --> Deploy
                Deploy --> [*]
            """
        ),
        (
            "left to right with descriptions",
            """
            stateDiagram-v2
                direction LR
                [*] --> Idle
                Idle : waiting for work
                Idle --> Running : job arrives
                Running --> Idle : done
                Running --> Failed : error
                Failed --> [*]
            """
        ),
        (
            "unicode states",
            """
            stateDiagram-v2
                [*] --> 待机
                待机 --> 运行 : 启动 🚀
                运行 --> 待机 : 停止
                运行 --> [*]
            """
        ),
        (
            "composite with its own start and end",
            """
            stateDiagram-v2
                [*] --> Idle
                Idle --> Active : start
                state Active {
                    [*] --> Running
                    Running --> Paused : pause
                    Paused --> Running : resume
                    Running --> [*]
                }
                Active --> Done : stop
                Done --> [*]
            """
        ),
        (
            "nested composites",
            """
            stateDiagram-v2
                [*] --> Connection
                state Connection {
                    [*] --> Handshake
                    Handshake --> Session
                    state Session {
                        [*] --> Streaming
                        Streaming --> Streaming2 : chunk
                    }
                }
                Connection --> Closed : hang up
            """
        ),
        (
            "order with notes",
            """
            stateDiagram-v2
                [*] --> Placed
                Placed --> Paid : pay
                note right of Placed : waits 30 minutes
                Paid --> Shipped
                note left of Shipped
                    tracking number
                    sent by mail
                end note
                Shipped --> [*]
            """
        ),
    ]
}

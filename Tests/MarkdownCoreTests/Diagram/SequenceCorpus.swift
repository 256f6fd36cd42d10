/// Sequence diagrams in the styles READMEs and generated answers use: login and OAuth flows, payments,
/// retries with `alt` and `loop`, notes, self-messages and numbered messages.
enum SequenceCorpus {
    static let diagrams: [(name: String, source: String)] = [
        (
            "hello",
            "sequenceDiagram\n  Alice->>John: Hello John, how are you?\n  John-->>Alice: Great!\n  Alice-)John: See you later!"
        ),
        (
            "login",
            """
            sequenceDiagram
                title Signing in with a password
                actor U as User
                participant B as Browser
                participant S as Server
                U->>B: Enter name and password
                B->>S: POST /login
                S->>S: Check password hash
                alt valid
                    S-->>B: 200 OK, session cookie
                else invalid
                    S-->>B: 401 Unauthorized
                end
                B-->>U: Show result
            """
        ),
        (
            "oauth",
            """
            sequenceDiagram
                autonumber
                participant C as Client app
                participant A as Authorization server
                participant R as Resource server
                C->>A: Authorization request
                A-->>C: Authorization code
                C->>A: Exchange code for token
                Note over C,A: PKCE verifier sent here
                A-->>C: Access token
                C->>R: GET /api with token
                R->>A: Introspect token
                A-->>R: Active
                R-->>C: Protected resource
            """
        ),
        (
            "payment",
            """
            sequenceDiagram
                participant Shop
                participant Gateway as Payment gateway
                participant Bank
                Shop->>+Gateway: Charge 42.00 EUR
                Gateway->>+Bank: Authorize card
                Bank-->>-Gateway: Approved
                Gateway-->>-Shop: Payment id
                opt 3-D Secure
                    Gateway->>Bank: Challenge
                    Bank--xGateway: Timeout
                end
                Note right of Bank: Settled at night
            """
        ),
        (
            "retries",
            """
            sequenceDiagram
                participant W as Worker
                participant Q as Queue
                participant API
                loop until the queue is empty
                    W->>Q: Receive job
                    Q-->>W: Job
                    loop up to 3 times
                        W->>API: Call
                        alt 5xx
                            API-->>W: Error
                            W->>W: Back off
                        else success
                            API-->>W: Result
                        end
                    end
                    W->>Q: Delete job
                end
            """
        ),
        (
            "chat",
            """
            sequenceDiagram
                title: 聊天消息 🚀
                participant A as 小明
                participant B as 服务器
                participant C as 小红
                A->>B: 发送消息 🚀
                B->>C: 推送通知
                C-->>B: 已读 ✅
                B-->>A: 回执
            """
        ),
        (
            "parallel",
            """
            sequenceDiagram
                participant O as Orchestrator
                participant A as Build
                participant B as Lint
                participant C as Test
                par build
                    O->>A: Start build
                and lint
                    O->>B: Start lint
                and test
                    O->>C: Start tests
                end
                A-->>O: done
                B-->>O: done
                C-->>O: done
            """
        ),
        (
            "critical",
            """
            sequenceDiagram
                participant Service
                participant DB
                critical Establish a connection
                    Service-->DB: connect
                option Network timeout
                    Service-->Service: Log error
                option Credentials rejected
                    Service->Service: Log different error
                end
                break when the pool is exhausted
                    Service-xDB: abort
                end
            """
        ),
        (
            "notes",
            """
            sequenceDiagram
                participant Client
                participant Cache
                participant Origin
                Note left of Client: Cold start
                Client->>Cache: GET /index.html
                Note over Cache: miss
                Cache->>Origin: GET /index.html
                Origin-->>Cache: 200, max-age=600
                Note right of Origin: rendered once
                Cache-->>Client: 200
                rect rgb(200, 220, 255)
                    Client->>Cache: GET /index.html
                    Cache-->>Client: 200 (hit)
                end
            """
        ),
        (
            "distant messages",
            """
            sequenceDiagram
                participant A as Mobile app
                participant B as API gateway
                participant C as Users
                participant D as Orders
                participant E as Mailer
                A->>D: Place order through all the services
                D->>E: Send confirmation
                E--)A: Push notification
                A->C: Profile lookup
                C-->A: Profile
                D-xB: Invalidate cache
            """
        ),
        (
            "numbered from ten",
            """
            sequenceDiagram
                autonumber 10 10
                Browser->>Server: Request
                Server-->>Browser: Response
                autonumber off
                Browser->>Browser: Render
            """
        ),
        (
            "checkout with activations",
            """
            sequenceDiagram
                actor U as User
                participant W as Web
                participant S as Stock
                U->>+W: Place order
                W->>S: Reserve items
                activate S
                S-->>W: Reserved
                deactivate S
                W->>+W: Save order
                W-->>-U: Order id
                Note over U,W: Payment follows
                W->>S: Confirm
                activate S
            """
        ),
    ]

    /// Sources that are shown as their source, each for a declared reason.
    static let fallbacks: [(name: String, source: String)] = [
        ("unclosed frame", "sequenceDiagram\n  loop forever\n  A->>B: hi"),
        ("stray end", "sequenceDiagram\n  A->>B: hi\n  end"),
        ("unknown arrow", "sequenceDiagram\n  A=>>B: hi"),
        ("box", "sequenceDiagram\n  box Aqua Group\n  participant A\n  end\n  A->>A: hi"),
        (
            "too many participants",
            "sequenceDiagram\n" + (0..<31).map { "  participant P\($0)" }.joined(separator: "\n")
        ),
        (
            "frames too deep",
            "sequenceDiagram\n" + String(repeating: "  loop x\n", count: 17) + "  A->>B: hi\n"
                + String(repeating: "  end\n", count: 17)
        ),
    ]
}

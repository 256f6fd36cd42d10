/// Diagrams in the styles READMEs and generated answers use: CI pipelines, service architectures,
/// decision trees, login sequences, order state machines.
enum DiagramCorpus {
    static let flowcharts: [(name: String, source: String)] = [
        (
            "ci pipeline",
            "flowchart LR\n  push[Push] --> lint[Lint] --> test[Unit tests] --> build[Build image] --> deploy[Deploy]"
        ),
        (
            "ci with gates",
            """
            flowchart TD
                A[Commit] --> B[Build]
                B --> C{Tests pass?}
                C -->|yes| D[Publish artifact]
                C -->|no| E[Notify author]
                D --> F[Deploy to staging]
                F --> G{Smoke tests?}
                G -->|pass| H[Deploy to production]
                G -->|fail| I[Roll back]
            """
        ),
        (
            "web architecture",
            """
            graph LR
                Browser --> CDN
                CDN --> LB[Load balancer]
                LB --> API1[API server 1]
                LB --> API2[API server 2]
                API1 --> DB[(PostgreSQL)]
                API2 --> DB
                API1 --> Cache[(Redis)]
                API2 --> Cache
            """
        ),
        (
            "microservices",
            """
            flowchart TD
                gw[API Gateway] --> auth[Auth service]
                gw --> orders[Order service]
                gw --> catalog[Catalog service]
                orders --> queue[[Message queue]]
                queue --> billing[Billing service]
                queue --> shipping[Shipping service]
                orders --> odb[(Orders DB)]
                catalog --> cdb[(Catalog DB)]
                billing --> bdb[(Billing DB)]
            """
        ),
        (
            "decision tree",
            """
            flowchart TD
                start([Start]) --> q1{Is it raining?}
                q1 -- Yes --> umbrella[Take an umbrella]
                q1 -- No --> q2{Is it sunny?}
                q2 -- Yes --> hat[Wear a hat]
                q2 -- No --> nothing[Just go]
                umbrella --> done([Leave the house])
                hat --> done
                nothing --> done
            """
        ),
        ("chain", "graph TD\n  A --> B --> C --> D --> E"),
        (
            "fan out with ampersand",
            "flowchart TD\n  Source --> Worker1 & Worker2 & Worker3\n  Worker1 & Worker2 & Worker3 --> Sink"
        ),
        (
            "retry loop",
            """
            flowchart TD
                request[Send request] --> ok{Success?}
                ok -->|no| wait[Wait with backoff]
                wait --> request
                ok -->|yes| finish[Return response]
            """
        ),
        (
            "styles ignored",
            """
            flowchart LR
                classDef hot fill:#f96
                a[Write code]:::hot --> b[Review]
                b --> c[Merge]
                style b fill:#bbf
                class c hot
                linkStyle 0 stroke:#ff3
                click a "https://example.com"
            """
        ),
        (
            "edge kinds",
            """
            flowchart TD
                A --> B
                A --- C
                A -.-> D
                A ==> E
                B --o F
                C --x F
                D <--> F
                E ---> F
            """
        ),
        ("quoted labels", "flowchart LR\n  A[\"Read config<br>and flags\"] -->|\"parse()\"| B(\"Run the\\ncommand\")"),
        (
            "comments",
            """
            %% a comment before the header
            flowchart TD
                %% the entry point
                main[main] --> run[run]; run --> exit[exit]
            """
        ),
        (
            "git flow",
            """
            graph LR
                feature[Feature branch] -->|pull request| develop[Develop]
                develop -->|release branch| release[Release]
                release -->|merge| main[Main]
                hotfix[Hotfix] -->|merge| main
                hotfix -->|merge| develop
            """
        ),
        (
            "etl",
            """
            flowchart LR
                s3[(S3 raw)] --> extract[Extract] --> transform[Transform] --> load[Load]
                load --> warehouse[(Warehouse)]
                warehouse --> dash[Dashboards]
                warehouse --> ml[ML features]
            """
        ),
        (
            "request lifecycle",
            """
            flowchart TD
                client[Client] -->|HTTPS| nginx[Nginx]
                nginx -->|proxy_pass| app[App]
                app -->|SQL| db[(Database)]
                app -->|cache lookup| redis[(Redis)]
                app -.->|async job| worker[Worker]
            """
        ),
        (
            "unicode labels",
            """
            flowchart TD
                用户[用户请求] --> 服务{服务可用?}
                服务 -->|是| 成功[返回结果 ✅]
                服务 -->|否| 失败[重试 🔁]
                失败 --> 用户
            """
        ),
        (
            "bottom up",
            """
            flowchart BT
                kernel[Kernel] --> drivers[Drivers]
                drivers --> services[System services]
                services --> apps[Applications]
            """
        ),
        (
            "right to left",
            """
            flowchart RL
                output[Output] --> format[Format] --> parse[Parse] --> input[Input]
            """
        ),
        (
            "long labels wrap",
            """
            flowchart TD
                a[This node has a rather long label that must wrap inside its box] --> b[Short]
                b -->|an edge label that is also fairly long| c[End]
            """
        ),
        (
            "diamond hub",
            """
            flowchart TD
                hub{Router}
                hub --> r1[Route one]
                hub --> r2[Route two]
                hub --> r3[Route three]
                hub --> r4[Route four]
            """
        ),
        (
            "login flow",
            """
            flowchart TD
                visit[Visit site] --> logged{Logged in?}
                logged -->|yes| dashboard[Dashboard]
                logged -->|no| login[Login page]
                login --> creds[/Enter credentials/]
                creds --> valid{Valid?}
                valid -->|yes| dashboard
                valid -->|no| error[Show error]
                error --> login
            """
        ),
        (
            "build system",
            """
            graph TD
                sources[Sources] --> compile[Compile]
                headers[Headers] --> compile
                compile --> objects[Object files]
                objects --> link[Link]
                libs[(Libraries)] --> link
                link --> binary[[Binary]]
            """
        ),
        (
            "thick critical path",
            """
            flowchart LR
                design[Design] ==> implement[Implement] ==> verify[Verify]
                design -.-> docs[Docs]
                implement -.-> docs
            """
        ),
        (
            "plain graph",
            """
            graph TD
                a --> b
                a --> c
                b --> d
                c --> d
                d --> e
                b --> e
            """
        ),
        (
            "state like",
            """
            flowchart LR
                idle((Idle)) -->|start| running((Running))
                running -->|pause| paused((Paused))
                paused -->|resume| running
                running -->|stop| idle
            """
        ),
        (
            "many edges",
            """
            flowchart TD
                a --> b & c & d
                b --> e & f
                c --> e & f
                d --> f & g
                e --> h
                f --> h
                g --> h
            """
        ),
    ]

    /// Fences that are not drawn and must be shown as their source.
    static let fallbacks: [(name: String, source: String)] = [
        ("gantt", "gantt\n  title A plan\n  section One\n  Task :a1, 2024-01-01, 30d"),
        ("syntax error", "flowchart TD\n  A[unclosed --> B"),
        ("self loop", "flowchart TD\n  A --> A"),
        ("empty", ""),
    ]
}

/// Entity-relationship diagrams in the styles READMEs and generated answers use: orders, a library,
/// a school, a blog, a hotel.
enum EntityCorpus {
    static let diagrams: [(name: String, source: String)] = [
        (
            "orders",
            """
            erDiagram
                CUSTOMER ||--o{ ORDER : places
                ORDER ||--|{ LINE-ITEM : contains
                CUSTOMER }|..|{ DELIVERY-ADDRESS : uses
            """
        ),
        (
            "orders with attributes",
            """
            erDiagram
                CUSTOMER ||--o{ ORDER : places
                CUSTOMER {
                    string name
                    string custNumber PK "unique"
                    string sector
                }
                ORDER ||--|{ LINE-ITEM : contains
                ORDER {
                    int orderNumber PK
                    string deliveryAddress
                }
                LINE-ITEM {
                    string productCode FK
                    int quantity
                    float pricePerUnit
                }
            """
        ),
        (
            "library",
            """
            erDiagram
                AUTHOR }|--|{ BOOK : writes
                BOOK ||--o{ LOAN : "is lent in"
                MEMBER ||--o{ LOAN : borrows
                BOOK { string isbn PK; string title }
                MEMBER { int id PK; string email UK }
            """
        ),
        (
            "school",
            """
            erDiagram
                direction LR
                STUDENT }o--o{ COURSE : takes
                TEACHER ||--|{ COURSE : teaches
                s[STUDENT]
                STUDENT { int id PK; string name }
            """
        ),
        (
            "blog",
            """
            erDiagram
                USER ||--o{ POST : writes
                POST ||--o{ COMMENT : has
                USER ||--o{ COMMENT : writes
                POST }o..o{ TAG : "tagged with"
                POST {
                    int id PK
                    int author_id FK "the writer"
                    string title
                }
            """
        ),
        (
            "hotel",
            """
            erDiagram
                HOTEL ||--|{ ROOM : has
                ROOM ||--o{ BOOKING : "booked by"
                GUEST ||--o{ BOOKING : makes
                BOOKING |o--o| INVOICE : billed
            """
        ),
    ]
}

/// Class diagrams in the styles READMEs and generated answers use: animals, shops, shapes, a
/// repository layer, a bank.
enum ClassCorpus {
    static let diagrams: [(name: String, source: String)] = [
        (
            "animals",
            """
            classDiagram
                Animal <|-- Duck
                Animal <|-- Fish
                Animal : +int age
                Animal : +String gender
                Animal: +isMammal() bool
                class Duck{
                    +String beakColor
                    +swim()
                    +quack()
                }
                class Fish{
                    -int sizeInFeet
                    -canEat()
                }
            """
        ),
        (
            "shop",
            """
            classDiagram
                Customer "1" --> "*" Order : places
                Order "1" *-- "1..*" LineItem : contains
                LineItem --> Product
                Cart o-- Product
                class Order { +Date created; +total() Money }
                class Product { +String sku }
            """
        ),
        (
            "shapes",
            """
            classDiagram
                class Shape {
                    <<interface>>
                    +area() double
                }
                Circle ..|> Shape
                Square ..|> Shape
                Circle : -double radius
                Square : -double side
                Renderer ..> Shape : draws
            """
        ),
        (
            "repository",
            """
            classDiagram
                direction LR
                class Repository~T~ {
                    <<abstract>>
                    +find(id) T
                    +save(T item)
                }
                UserRepository --|> Repository~T~
                UserRepository --> Database
                Database : +List~Row~ rows
                Service -- UserRepository
            """
        ),
        (
            "bank",
            """
            classDiagram
                class BankAccount
                BankAccount : +String owner
                BankAccount : +Bigdecimal balance
                BankAccount : +deposit(amount)
                BankAccount : +withdrawal(amount)
                Bank "1" o-- "many" BankAccount : holds
                Customer .. BankAccount
                SavingsAccount --|> BankAccount
            """
        ),
        (
            "links only",
            """
            classDiagram
                A -- B
                B .. C
                C <-- D
                class A:::warm
                click A href "https://example.com"
                style B fill:#f9f
            """
        ),
    ]
}

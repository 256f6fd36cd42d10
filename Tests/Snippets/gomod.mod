module github.com/example/mdview

go 1.22

require (
	github.com/stretchr/testify v1.9.0
	golang.org/x/text v0.14.0 // indirect
)

replace example.com/old => ../old

exclude golang.org/x/net v0.1.0

module github.com/hexops/vecty

go 1.14

package site

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryComponentCopies: every struct in site/ui that embeds
// vecty.Core has a Copy method (site/ui/copy.go says why: without one, Vecty's
// shallow copy keeps every render the component ever made reachable, a
// leak no page test notices until memory grows). Read from that package's
// source, so that a new component without Copy fails here by name.
func TestEveryComponentCopies(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("ui", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	components := map[string]string{} // type name → file
	copies := map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					ts, ok := sp.(*ast.TypeSpec)
					if !ok {
						continue
					}
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						continue
					}
					for _, fld := range st.Fields.List {
						if sel, ok := fld.Type.(*ast.SelectorExpr); ok && len(fld.Names) == 0 && sel.Sel.Name == "Core" {
							if x, ok := sel.X.(*ast.Ident); ok && x.Name == "vecty" {
								components[ts.Name.Name] = name
							}
						}
					}
				}
			case *ast.FuncDecl:
				if d.Recv == nil || d.Name.Name != "Copy" || len(d.Recv.List) != 1 {
					continue
				}
				if star, ok := d.Recv.List[0].Type.(*ast.StarExpr); ok {
					x := star.X
					switch g := x.(type) { // a generic component's receiver, *pure[V]
					case *ast.IndexExpr:
						x = g.X
					case *ast.IndexListExpr:
						x = g.X
					}
					if id, ok := x.(*ast.Ident); ok {
						copies[id.Name] = true
					}
				}
			}
		}
	}
	if len(components) < 10 {
		t.Fatalf("found only %d components (%v): the source scan is broken", len(components), components)
	}
	for c, file := range components {
		if !copies[c] {
			t.Errorf("%s (%s) embeds vecty.Core but has no Copy method: add one to site/ui/copy.go", c, file)
		}
	}
}

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

// TestComponentsCopyWithoutCore: every struct in site/ui that embeds
// vecty.Core embeds it by value and has no Copy method of its own, so that
// the copy Vecty keeps for the next SkipRender is the fork's, which leaves
// the Core out (third_party/vecty/PATCHES.md, patch 6;
// TestCopyLeavesOutCore there). A copy that kept the Core would keep every
// render the component ever made reachable, a leak no page test notices
// until memory grows. Read from that package's source, so that a component
// that breaks the rule fails here by name.
func TestComponentsCopyWithoutCore(t *testing.T) {
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
						typ, shared := fld.Type, false
						if star, ok := typ.(*ast.StarExpr); ok {
							typ, shared = star.X, true
						}
						if sel, ok := typ.(*ast.SelectorExpr); ok && len(fld.Names) == 0 && sel.Sel.Name == "Core" {
							if x, ok := sel.X.(*ast.Ident); ok && x.Name == "vecty" {
								components[ts.Name.Name] = name
								if shared {
									t.Errorf("%s (%s) embeds *vecty.Core, which its copies would share: embed vecty.Core", ts.Name.Name, name)
								}
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
		if copies[c] {
			t.Errorf("%s (%s) has its own Copy method, which Vecty uses instead of its copy without the Core: remove it", c, file)
		}
	}
}

//go:build js && wasm

package main

import (
	"syscall/js"

	"kplay/site"
)

// Keys of the editor's unapplied draft in localStorage.
const (
	draftKey     = "kplay.editor.draft"
	draftBaseKey = "kplay.editor.base"
)

// storage returns window.localStorage, or false where the browser refuses
// it (a sandboxed frame, storage turned off): reading the property throws
// there, which syscall/js turns into a panic.
func storage() (ls js.Value, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	ls = js.Global().Get("localStorage")
	return ls, ls.Truthy()
}

// storageDo runs f on localStorage, ignoring a refusal (quota exceeded,
// storage turned off): the draft then lives only in the page.
func storageDo(f func(ls js.Value)) {
	ls, ok := storage()
	if !ok {
		return
	}
	defer func() { _ = recover() }()
	f(ls)
}

// draftHooks keep the editor's unapplied draft, and the script it was
// edited from, in localStorage, so that a reload does not lose what the
// reader typed.
func draftHooks() site.EditHooks {
	return site.EditHooks{SaveDraft: func(base, draft string) {
		storageDo(func(ls js.Value) {
			if draft == "" {
				ls.Call("removeItem", draftKey)
				ls.Call("removeItem", draftBaseKey)
				return
			}
			ls.Call("setItem", draftBaseKey, base)
			ls.Call("setItem", draftKey, draft)
		})
	}}
}

// restoreDraft is the action that puts back a draft saved before a reload;
// the Store takes it only over the script it was edited from.
func restoreDraft() site.RestoreDraft {
	var r site.RestoreDraft
	storageDo(func(ls js.Value) {
		b, d := ls.Call("getItem", draftBaseKey), ls.Call("getItem", draftKey)
		if b.Type() == js.TypeString && d.Type() == js.TypeString {
			r = site.RestoreDraft{Base: b.String(), Draft: d.String()}
		}
	})
	return r
}

//go:build js && wasm

package main

import "kplay/site"

// Keys of the editor's unapplied draft in localStorage. boot.js reads
// draftKey too, to tell a reader after a crash that the draft is kept.
const (
	draftKey     = "kplay.editor.draft"
	draftBaseKey = "kplay.editor.base"
)

// draftHooks keep the editor's unapplied draft, and the script it was
// edited from, in localStorage at every edit, so that neither a reload nor
// a crash of the page loses what the reader typed.
func draftHooks(b *browser) site.EditHooks {
	return site.EditHooks{SaveDraft: func(base, draft string) {
		if draft == "" {
			b.forget(draftKey)
			b.forget(draftBaseKey)
			return
		}
		b.store(draftBaseKey, base)
		b.store(draftKey, draft)
	}}
}

// restoreDraft is the action that puts back a draft saved before a reload;
// the Store takes it only over the script it was edited from.
func restoreDraft(b *browser) site.RestoreDraft {
	base, okB := b.load(draftBaseKey)
	draft, okD := b.load(draftKey)
	if !okB || !okD {
		return site.RestoreDraft{}
	}
	return site.RestoreDraft{Base: base, Draft: draft}
}

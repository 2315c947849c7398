//go:build js && wasm && !kplaytest

package main

import "kplay/site"

// The production page carries no test hooks: these are the kplaytest
// build's (testhooks.go) in their empty form, which the compiler drops.

func noteFrame(*browser, int)         {}
func noteFirstDraw(*browser)          {}
func testHooks(*browser, *site.Store) {}

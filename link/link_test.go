package link

import (
	"errors"
	"strings"
	"testing"
)

const sample = `# title: One record through the fetch loop: order-9001
cluster brokers=3 seed=1

create-topic orders partitions=1 rf=3

produce orders-0 values=(order-9001) acks=all
`

func TestRoundTrip(t *testing.T) {
	for _, l := range []Link{
		{Script: sample},
		{Script: sample, T: 36000000123, HasT: true},
		{Script: "", T: 0, HasT: true},
		{Script: "produce t-0 values=(<script>alert(1)</script>, é, 日本)"},
		{Script: strings.Repeat("x", MaxDecoded)},
	} {
		frag := Encode(l)
		got, err := Parse("#" + frag)
		if err != nil {
			t.Fatalf("Parse(Encode(%.40q)): %v", l.Script, err)
		}
		if got != l {
			t.Errorf("round trip of %.40q: got %+v", l.Script, got)
		}
		if Encode(got) != frag {
			t.Errorf("re-encoding differs")
		}
	}
}

func TestEncodeIsStable(t *testing.T) {
	if a, b := EncodePayload(sample), EncodePayload(sample); a != b || !strings.HasPrefix(a, "1.") {
		t.Fatalf("EncodePayload not stable or unversioned: %q %q", a, b)
	}
}

func TestNoScript(t *testing.T) {
	l, err := Parse("")
	if err != nil || l != (Link{}) {
		t.Fatalf("empty fragment: %+v, %v", l, err)
	}
}

func TestBadLinks(t *testing.T) {
	good := EncodePayload(sample)
	big := EncodePayload(strings.Repeat("y", MaxDecoded+1))
	for _, c := range []struct{ frag, part, want string }{
		{"s=" + good[2:], "s", "no format version"},
		{"s=2." + good[2:], "s", "newer kplay"},
		{"s=0." + good[2:], "s", "never published"},
		{"s=x." + good[2:], "s", "not a format version"},
		{"s=1.!!!!", "s", "not base64url"},
		{"s=1." + good[2:10], "s", "does not inflate"},
		{"s=" + big, "s", "more than 64 KiB"},
		{"s=" + EncodePayload("\xff\xfe"), "s", "not UTF-8"},
		{"s=" + good + "&t=soon", "t", "not a time"},
		{"s=" + good + "&t=-5", "t", "not a time"},
		{"s=" + good + "&s=" + good, "s", "appears 2 times"},
		{"s=" + strings.Repeat("A", MaxEncoded+1), "s", "at most"},
		{strings.Repeat("A", maxFragment+1), "link", "characters long"},
		{"s=%zz", "link", "key=value"},
	} {
		_, err := Parse(c.frag)
		var le *Error
		if !errors.As(err, &le) {
			t.Errorf("%.50q: err = %v, want *Error", c.frag, err)
			continue
		}
		if le.Part != c.part || !strings.Contains(le.Error(), c.want) {
			t.Errorf("%.50q: %v; want part %s and %q", c.frag, le, c.part, c.want)
		}
	}
}

func TestBase64ErrorOffset(t *testing.T) {
	_, err := DecodePayload("1.AAAA*AAA")
	var le *Error
	if !errors.As(err, &le) || le.Offset != 6 {
		t.Fatalf("err = %v, want offset 6 (the '*')", err)
	}
}

// FuzzParse: no input panics, none decodes to more than MaxDecoded bytes,
// and what decodes re-encodes to a link that decodes the same.
func FuzzParse(f *testing.F) {
	f.Add("s=" + EncodePayload(sample) + "&t=5")
	f.Add("s=1.")
	f.Add("s=1.AAAA")
	f.Add("t=1&s=9.zz")
	f.Add("#s=1.%41")
	f.Fuzz(func(t *testing.T, frag string) {
		l, err := Parse(frag)
		if err != nil {
			var le *Error
			if !errors.As(err, &le) {
				t.Fatalf("error %v is not an *Error", err)
			}
			return
		}
		if len(l.Script) > MaxDecoded {
			t.Fatalf("decoded %d bytes", len(l.Script))
		}
		again, err := Parse(Encode(l))
		if err != nil || again != l {
			t.Fatalf("re-encoded link differs: %+v, %v", again, err)
		}
	})
}

func TestTitleAndTooLarge(t *testing.T) {
	if got := Title("cluster brokers=3\r\n# title: Jepsen, <b>2013</b>\r\n# title: second\n"); got != "Jepsen, <b>2013</b>" {
		t.Errorf("Title = %q", got)
	}
	// The title directive wins over the comment, wherever it stands.
	if got := Title("# title: old form\ncluster brokers=3\n  title \"Start here: one partition\"\n"); got != "Start here: one partition" {
		t.Errorf("Title with a directive = %q", got)
	}
	// A directive without its closing quote is no title; the comment is.
	if got := Title("title \"unclosed\n# title: the comment\n"); got != "the comment" {
		t.Errorf("Title with an unclosed directive = %q", got)
	}
	if Title("cluster brokers=3\n") != "" {
		t.Error("a script without a title has one")
	}
	_, err := DecodePayload(EncodePayload(strings.Repeat("z", MaxDecoded+1)))
	var le *Error
	if !errors.As(err, &le) || !le.TooLarge {
		t.Errorf("oversized script: %v, want TooLarge", err)
	}
	_, err = DecodePayload("1.!!")
	if !errors.As(err, &le) || le.TooLarge {
		t.Errorf("damaged payload: %v, want not TooLarge", err)
	}
}

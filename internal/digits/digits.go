package digits

import "strconv"

// Group writes x in decimal with thousands separators: 1234567 is
// "1,234,567", -1000 is "-1,000", 999 is "999".
func Group(x int64) string {
	s := strconv.FormatInt(x, 10)
	sign := ""
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	b := make([]byte, 0, len(s)+len(s)/3)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	return sign + string(b)
}

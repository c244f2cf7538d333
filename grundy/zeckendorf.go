package grundy

// Zeckendorf returns the parts of the Zeckendorf representation of n >= 1 in
// increasing order: z_1(n) < z_2(n) < ... (Larsson & Rubinstein-Salzedo,
// Theorem 3.1). The parts are distinct Fibonacci numbers, no two consecutive.
// It returns nil for n <= 0.
func Zeckendorf(n int) []int {
	if n <= 0 {
		return nil
	}
	var parts []int
	for i := len(fibs) - 1; i >= 0 && n > 0; i-- {
		if fibs[i] <= n {
			parts = append(parts, fibs[i])
			n -= fibs[i]
		}
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return parts
}

// fibs holds the Fibonacci numbers 1, 2, 3, 5, ... that fit in an int,
// computed once: Zeckendorf is called once per row by the checks.
var fibs = func() []int {
	f := []int{1, 2}
	for f[len(f)-1] <= (1<<62)-f[len(f)-2] {
		f = append(f, f[len(f)-1]+f[len(f)-2])
	}
	return f
}()

// IsFibonacci reports whether n is a Fibonacci number (1, 2, 3, 5, 8, ...).
func IsFibonacci(n int) bool {
	a, b := 1, 2
	for a < n {
		a, b = b, a+b
	}
	return a == n
}

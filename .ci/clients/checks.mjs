// The tally of a client script's checks: each failure printed with its detail, the count at the end.
let passed = 0;
let failed = 0;

export function check(label, condition, detail) {
  if (condition) {
    passed++;
  } else {
    failed++;
    console.log(`FAIL ${label}: ${detail()}`);
  }
}

// Prints the tally and ends the script, failing it when a check failed.
export function report() {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

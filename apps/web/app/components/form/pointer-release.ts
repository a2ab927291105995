/*
 * Keeps the page still while a pointer is pressed. Leaving a field validates it (react-hook-form's
 * onBlur), and its message appearing or going moves everything below it. When a field is left by
 * pressing on a button or a radio button below it, the press starts on the control and, without this,
 * the release lands somewhere else: the browser then sends no click, and nothing is submitted or
 * chosen. So a field's blur handling waits until the pointer is released and its click has been
 * dispatched; leaving a field by keyboard is handled at once.
 */

const SAFETY_MS = 3000

let pressed = false
let waiting: Array<() => void> = []
let safety: ReturnType<typeof setTimeout> | undefined
let listening = false

function flush() {
  pressed = false
  if (safety !== undefined) clearTimeout(safety)
  safety = undefined
  const run = waiting
  waiting = []
  for (const task of run) task()
}

function listen() {
  if (listening || typeof document === 'undefined') return
  listening = true
  // Capture, on the document: before any element's handler, and before the blur the press causes.
  document.addEventListener(
    'pointerdown',
    () => {
      pressed = true
    },
    true,
  )
  // The click follows pointerup in the same task: run what waited in the next one.
  const release = () => {
    if (!pressed) return
    setTimeout(flush, 0)
  }
  document.addEventListener('pointerup', release, true)
  document.addEventListener('pointercancel', release, true)
  document.addEventListener('dragend', release, true)
}

/** Runs `task` now, or, while a pointer is pressed, right after its release and click. */
export function whenPointerReleased(task: () => void): void {
  listen()
  if (!pressed) {
    task()
    return
  }
  waiting.push(task)
  // A release that never arrives (the pointer left the window) must not hold validation back.
  safety ??= setTimeout(flush, SAFETY_MS)
}

// Watching starts when the form kit loads, so that the first press is seen too.
listen()

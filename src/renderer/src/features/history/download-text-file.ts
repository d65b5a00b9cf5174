/**
 * Saves text as a file through the browser's download (an <a download> on a Blob URL): no file system
 * access from the page, and in Electron the usual save dialog.
 */
export function downloadTextFile(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  try {
    link.click()
  } finally {
    link.remove()
    // After the click has started the download; revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
}

// Builds window.api from the IPC contract's channel names (wired in the main-process issue).
export {}

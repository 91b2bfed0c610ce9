// The messages of docs/protocol.md, as the page reads and writes them.
export {};

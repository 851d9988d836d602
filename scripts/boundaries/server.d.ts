export declare const boundary: "The server layer serves every worker: no Remix or React (ADR 012)";

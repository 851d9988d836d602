export * from "icu-messageformat-parser-full/no-parser.js";

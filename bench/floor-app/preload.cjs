// The floor app's preload: empty on purpose (bench/floor-app/main.mjs says why it exists).

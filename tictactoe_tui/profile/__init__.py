"""What the game remembers about its player between runs: settings, statistics, and the files they live in."""

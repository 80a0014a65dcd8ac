from cleanfleet_sim.cli import main

main()

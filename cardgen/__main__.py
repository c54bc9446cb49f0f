from cardgen.cli import main

main(prog_name="cardgen")

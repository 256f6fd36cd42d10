# A development shell
{ pkgs ? import <nixpkgs> { } }:

let
  version = "1.2.0";
  inherit (pkgs) lib;
in
pkgs.mkShell {
  name = "mdview-${version}";
  buildInputs = with pkgs; [ swift tree-sitter python3 ];
  enableTests = true;
  shellHook = ''
    echo "ready"
  '';
  meta.maintainers = lib.optional (version != "") "me";
}

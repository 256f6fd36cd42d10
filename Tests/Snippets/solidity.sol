// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A simple token balance keeper.
contract Bank {
    mapping(address => uint256) public balances;
    event Deposited(address indexed who, uint256 amount);

    function deposit() external payable {
        require(msg.value > 0, "nothing sent");
        balances[msg.sender] += msg.value;
        emit Deposited(msg.sender, msg.value);
    }

    function withdraw(uint256 amount) external {
        require(balances[msg.sender] >= amount);
        balances[msg.sender] -= amount;
        payable(msg.sender).transfer(amount);
    }
}
